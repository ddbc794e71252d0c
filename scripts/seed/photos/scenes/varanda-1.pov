// Varanda gourmet: wood deck, glass rail, two armchairs, and the city and sea beyond.
#declare Interior = no;
#include "common.inc"
#include "exterior.inc"

#declare Cam = <-1.3, 1.35, -1.6>;
camera { perspective location Cam look_at <0.3, 1.2, 3> angle 72 right x * 4/3 }
Sky(1.6)
Sun(<-0.4, 0.7, 0.6>, 2.0)
light_source { Cam + <0, 1, -1> color rgb <0.95, 0.95, 1> * 0.15 shadowless }

// balcony floor, ceiling, side walls
box { <-2.2, -0.2, -2.5>, <2.2, 0, 2.0> T_WoodFloor(<0.58, 0.4, 0.26>, <0.46, 0.31, 0.19>, 0.14) }
box { <-2.2, 2.7, -2.5>, <2.2, 2.9, 2.2> T_Paint(<0.96, 0.96, 0.95>) }
box { <-2.4, 0, -2.5>, <-2.2, 2.7, 2.0> T_Paint(<0.85, 0.82, 0.76>) }
box { <2.2, 0, -2.5>, <2.4, 2.7, 2.0> T_Paint(<0.85, 0.82, 0.76>) }
// rail: glass panels with a steel top bar
box { <-2.2, 0, 2.0>, <2.2, 1.1, 2.02> material { M_Glass } }
cylinder { <-2.2, 1.12, 2.01>, <2.2, 1.12, 2.01>, 0.025 texture { T_Steel } }
box { <-2.2, -0.6, 2.0>, <2.2, 0, 2.2> T_Paint(<0.95, 0.95, 0.94>) }

// two armchairs and a round side table
#macro Armchair()
  union {
    object { RBox(<-0.38, 0.25, -0.38>, <0.38, 0.42, 0.38>, 0.05) T_Fabric(<0.9, 0.88, 0.83>) }
    object { RBox(<-0.38, 0.25, 0.25>, <0.38, 0.8, 0.4>, 0.05) T_Fabric(<0.9, 0.88, 0.83>) }
    #for (K, 0, 3) cylinder { <(mod(K, 2) - 0.5) * 0.66, 0, (div(K, 2) - 0.5) * 0.66>, <(mod(K, 2) - 0.5) * 0.66, 0.26, (div(K, 2) - 0.5) * 0.66>, 0.02 T_Wood(<0.4, 0.27, 0.16>, <0.3, 0.2, 0.12>) } #end
  }
#end
object { Armchair() rotate y * 200 translate <-0.9, 0, 0.9> }
object { Armchair() rotate y * 150 translate <0.8, 0, 0.9> }
union {
  cylinder { <0, 0.5, 0>, <0, 0.53, 0>, 0.3 } cylinder { 0, <0, 0.5, 0>, 0.03 } cylinder { 0, <0, 0.02, 0>, 0.18 }
  texture { T_Black }
  translate <0, 0, 1.2>
}
object { Plant(1.2, <0.8, 0.45, 0.3>) translate <1.8, 0, 1.6> }
object { Plant(0.8, <0.9, 0.9, 0.88>) translate <-1.85, 0, 1.5> }
// the view: a bay with a hill, apartment blocks and greenery far below
plane { y, -30 texture { pigment { rgb <0.08, 0.25, 0.32> } normal { bumps 0.15 scale <3, 1, 1> } finish { diffuse 0.6 ambient 0 reflection { 0.1 0.5 fresnel } specular 0.7 roughness 0.002 } } }
#for (I, 0, 60)
  #local X = RRand(-300, 300, R); #local Z = RRand(60, 260, R); #local Hb = RRand(10, 60, R);
  box { <X - 6, -30, Z>, <X + 6, -30 + Hb, Z + 10> texture { pigment { rgb <0.85, 0.84, 0.8> * RRand(0.7, 1.0, R) } normal { gradient y 0.5 scale 3 } finish { diffuse 0.8 ambient 0 } } }
#end
sphere { <150, -230, 700>, 300 scale <1.6, 1, 1> texture { pigment { rgb <0.12, 0.25, 0.12> } normal { granite 0.6 scale 20 } finish { diffuse 0.8 ambient 0 } } }
fog { fog_type 2 distance 400 rgb <0.8, 0.87, 0.95> fog_offset -10 fog_alt 25 }
