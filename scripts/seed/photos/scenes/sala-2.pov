// Sala integrada: wood floor, TV panel, dining table by a wide window on the right wall.
#declare Interior = yes;
#include "common.inc"
#include "room.inc"

#declare Cam = <-0.9, 1.35, 0.2>;
camera { perspective location Cam look_at <-0.3, 1.35, 4> angle 76 right x * 4/3 }
Sky(2.0)
Sun(<1, 0.8, 0.4>, 2.4)
Fill(Cam, <0, 1.6, 3>, 0.8)

#declare W = 5.6; #declare D = 6.8; #declare H = 2.7;
Room(W, D, H, <0.95, 0.94, 0.91>, T_WoodFloor(<0.62, 0.45, 0.3>, <0.48, 0.33, 0.2>, 0.19))
WindowRight(W, 1.6, 5.4, 0.0, 2.35)
Outside(D)
CloseRoom()

// TV panel (painel ripado) on the back wall with a floating rack
union {
  #for (I, 0, 17) object { RBox(<-1.5 + I * 0.17, 0, 0>, <-1.5 + I * 0.17 + 0.13, 2.4, 0.04>, 0.01) T_Wood(<0.45, 0.3, 0.18>, <0.35, 0.22, 0.13>) rotate z * 0 } #end
  box { <-1.0, 1.1, -0.04>, <1.0, 1.66, 0> texture { pigment { rgb 0.02 } finish { diffuse 0.1 ambient 0 specular 0.8 roughness 0.001 reflection { 0.08 } } } }
  object { RBox(<-1.4, 0.35, -0.45>, <1.4, 0.7, 0>, 0.01) pigment { rgb <0.92, 0.91, 0.88> } finish { F_Satin } }
  translate <-0.8, 0, D - 0.05>
}
// dining table with four chairs by the window
union {
  object { RBox(<-0.9, 0.73, -0.5>, <0.9, 0.77, 0.5>, 0.01) T_Wood(<0.55, 0.38, 0.24>, <0.42, 0.28, 0.17>) }
  box { <-0.75, 0, -0.05>, <-0.7, 0.73, 0.05> texture { T_Black } }
  box { <0.7, 0, -0.05>, <0.75, 0.73, 0.05> texture { T_Black } }
  #for (I, 0, 3)
    union {
      object { RBox(<-0.22, 0.42, -0.22>, <0.22, 0.48, 0.22>, 0.02) T_Fabric(<0.78, 0.74, 0.66>) }
      object { RBox(<-0.2, 0.48, 0.17>, <0.2, 0.9, 0.22>, 0.02) T_Fabric(<0.78, 0.74, 0.66>) }
      #for (K, 0, 3) cylinder { <(mod(K, 2) - 0.5) * 0.36, 0, (div(K, 2) - 0.5) * 0.36>, <(mod(K, 2) - 0.5) * 0.36, 0.42, (div(K, 2) - 0.5) * 0.36>, 0.012 texture { T_Black } } #end
      translate <0, 0, 0.75> rotate y * (select(div(I, 2), 0, 180)) translate <(mod(I, 2) - 0.5) * 0.9, 0, 0>
    }
  #end
  cylinder { <0, 0.77, 0>, <0, 0.95, 0>, 0.06 texture { pigment { rgb <0.85, 0.83, 0.78> } finish { F_Gloss } } }
  rotate y * 90 translate <1.9, 0, 3.4>
}
// pendant lamp over the table
union {
  cylinder { <0, H, 0>, <0, 1.85, 0>, 0.004 }
  difference { sphere { <0, 1.7, 0>, 0.2 } sphere { <0, 1.7, 0>, 0.19 } plane { y, 1.68 } }
  texture { T_Black }
  translate <1.9, 0, 3.4>
}
// sofa on the left wall, facing the window
object { Sofa(2.2, <0.36, 0.38, 0.4>) rotate y * -90 translate <-1.45, 0, 2.9> }
object { Cushion(<0.2, 0.3, 0.35>, 0.4) rotate <0, -90, -10> translate <-2.1, 0.72, 2.4> }
object { Rug(2.4, 2.0, <0.55, 0.52, 0.46>, <0.45, 0.42, 0.38>) rotate y * 90 translate <-0.4, 0, 2.9> }
object { Plant(1.7, <0.2, 0.2, 0.2>) translate <W/2 - 0.35, 0, D - 0.4> }
object { Frame(0.8, 1.0, <0.6, 0.3, 0.2>, <0.9, 0.8, 0.6>) rotate y * -90 translate <-W/2 + 0.035, 1.6, 2.6> }
